// What must not outlive circle: its scratch files and directories, the temporary
// files its outputs wait in, and the tools it runs (ptxas, fatbinary, nvlink, the
// linker driver, each with whatever it started). When circle is interrupted
// (SIGINT, SIGTERM, SIGHUP; SIGPIPE when what reads its output or standard error
// goes away, as `circle ... 2>&1 | head` does) these are stopped and removed, it says so, and it then
// dies of the same signal, so make and the shell see an interrupted compile; when
// circle itself crashes they are removed before LLVM's crash report.
//
// Registration happens in ordinary code; the handler only reads what was
// registered, with async-signal-safe calls.
#pragma once
#include <csignal>
#include <string>
#include <sys/types.h>

namespace circle::interrupts {

// The signals that interrupt a compile; tools start with them at their defaults.
inline constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

// Installs the handlers; call once, after llvm::InitLLVM (whose handlers these replace
// for the interrupt signals).
void install();

// Files and directory trees removed on an interrupt or a crash. Untracking a path
// that was never tracked does nothing.
void trackFile(const std::string& path);
void untrackFile(const std::string& path);
void trackDirectory(const std::string& path);
void untrackDirectory(const std::string& path);

// Called first in a forked child that works for circle (the SPIR-V backend): the
// files and tools registered belong to the parent, which cleans them up; the child
// dies of an interrupt without touching them.
void enterChildProcess();

// Whether an interrupt is being handled (on whichever thread took the signal): a
// tool that ended meanwhile was stopped by circle, and is not to be reported.
bool inProgress();

// The tools running now, by process group (several: ptxas runs for each sm at once).
// Each is sent SIGTERM, then SIGKILL if it has not ended within a second. A tool is
// announced with startingTool() before it is spawned and registered (or, if it could
// not start, with 0) by addRunningTool, so an interrupt meanwhile waits for it.
void startingTool();
void addRunningTool(pid_t group);
void removeRunningTool(pid_t group);

} // namespace circle::interrupts
