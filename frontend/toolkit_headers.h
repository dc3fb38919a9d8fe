// NVIDIA headers written for two passes hide device definitions behind __CUDA_ARCH__,
// which circle never defines. Where a header then gives device code empty host
// stubs instead (mma.h: every WMMA function `{ }` unless __CUDA_ARCH__), circle's file
// system shows the device definitions: a silent empty tensor-core call would be a
// miscompile. A toolkit whose header does not read as expected gets an #error, never
// the stubs.
#pragma once
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace circle {

// The text circle reads for the file at `path`, or nothing when it is read as it is.
std::optional<std::string> respellToolkitHeader(llvm::StringRef path, llvm::StringRef text);

// A toolkit header is written for a one-pass compiler too: nvc++, which sees
// __CUDA_ARCH__ undefined throughout, as circle's host view does. Declarations kept
// for every target there (`#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800`
// around cuda_bf16.hpp's sm_80 helpers) are what NV_IF_TARGET's one-pass form names
// in every target's code, and statement guards are read per target where code is
// generated (frontend/cuda_arch_branches.h). What the host's view gets wrong is a
// macro chosen by target at namespace scope and tested in code: cooperative_groups'
// _CG_HAS_INSTR_ELECT (elect.sync, which sm_75 lacks: ptxas refused cg::invoke_one),
// cuda_pipeline's _CUDA_PIPELINE_HAS_ASYNC_COPY (0: the synchronous copy on sm_80
// and newer). A conditional that tests __CUDA_ARCH__ and holds only #define and
// #undef lines is read as target `sm` reads it, `sm` being the one whose features
// every target has: what cooperative_groups asks of a one-pass compiler
// (__CUDA_MINIMUM_ARCH__, nv/target's minimum for nvc++). Every target then runs
// code it supports, in one front-end pass; where newer sms share a compile with
// older ones they run the older path (reading such macros per target instead, each
// sm in a front-end pass of its own, doubled the compile time of every Thrust
// program for -sm_90 and tripled it for three sms: CUB includes cooperative_groups
// and cuda_pipeline). Nothing when the text has no such conditional.
std::optional<std::string> chooseMacrosForEveryTarget(llvm::StringRef text, llvm::StringRef path, int sm);

} // namespace circle
