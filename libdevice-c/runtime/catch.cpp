// try/catch on the device. The GPU has no unwinder, so circle's device link lowers a
// module whose kernels reach a handler (targets/nvptx/device_exceptions.h): a throw
// makes the exception the thread's pending one and returns; after each call that may
// throw, a test of the thread's pending bit branches to the call's landing pad or
// returns to the caller, whose own test does the same; a kernel that returns with an
// exception pending reports it and traps. These are the calls the lowered code makes.
//
// A thread's exceptions: at most one pending (between a throw and the landing pad
// that takes it), a stack in flight (taken by landing pads whose cleanups or type
// tests still run) and a stack caught (handlers that have begun and not ended).
// The pending bit lives in shared memory, so the test after a call is one shared
// load; the stacks live in a device-wide table keyed by the launch, block and thread,
// touched only by throws and handlers.
#include "exception_object.h"
#include "report.h"

#include <cstdlib>
#include <cstring>
#include <typeinfo>

namespace {

using circle_device::ExceptionHeader;
using circle_device::headerOf;
using circle_device::objectOf;

using circle_device::u32;
using circle_device::u64;

u32 threadInBlock() {
  return CIRCLE_DEVICE_SREG("tid.x") +
         CIRCLE_DEVICE_SREG("ntid.x") * (CIRCLE_DEVICE_SREG("tid.y") + CIRCLE_DEVICE_SREG("ntid.y") * CIRCLE_DEVICE_SREG("tid.z"));
}

u64 blockInGrid() {
  return CIRCLE_DEVICE_SREG("ctaid.x") +
         u64(CIRCLE_DEVICE_SREG("nctaid.x")) *
             (CIRCLE_DEVICE_SREG("ctaid.y") + u64(CIRCLE_DEVICE_SREG("nctaid.y")) * CIRCLE_DEVICE_SREG("ctaid.z"));
}

// A block holds at most 1024 threads. Shared memory starts undefined: each kernel
// clears its thread's bit on entry (__circle_eh_enter).
__shared__ u32 pendingBits[32];

void setPending(bool on) {
  u32 t = threadInBlock();
  if (on) __atomic_fetch_or(&pendingBits[t >> 5], 1u << (t & 31), __ATOMIC_RELAXED);
  else __atomic_fetch_and(&pendingBits[t >> 5], ~(1u << (t & 31)), __ATOMIC_RELAXED);
}

struct Record {
  u32 state;
  u32 thread;
  u64 grid; // %gridid: launches running at once never share one
  u64 block;
  ExceptionHeader* pending;
  ExceptionHeader* inFlight;
  ExceptionHeader* caught;
};
enum : u32 { kEmpty, kBusy, kUsed, kFree };
// Open addressing; a freed slot is never empty again, so a thread's probe never stops
// short of its own record.
constexpr u32 kRecords = 1u << 16;
__device__ Record records[kRecords];

u32 slotOf(u64 grid, u64 block, u32 thread) {
  u64 x = grid * 0x9E3779B97F4A7C15ull ^ block * 0xC2B2AE3D27D4EB4Full ^ thread * 0x165667B19E3779F9ull;
  x ^= x >> 29;
  return u32(x) & (kRecords - 1);
}

Record* recordOf(bool create) {
  u64 grid = CIRCLE_DEVICE_SREG64("gridid"), block = blockInGrid();
  u32 thread = threadInBlock();
  u32 first = slotOf(grid, block, thread);
  for (u32 i = 0; i < kRecords; ++i) {
    Record& r = records[(first + i) & (kRecords - 1)];
    u32 state = __atomic_load_n(&r.state, __ATOMIC_ACQUIRE);
    if (state == kEmpty) break;
    if (state == kUsed && r.grid == grid && r.block == block && r.thread == thread) return &r;
  }
  if (!create) return nullptr;
  for (u32 i = 0; i < kRecords; ++i) {
    Record& r = records[(first + i) & (kRecords - 1)];
    u32 state = __atomic_load_n(&r.state, __ATOMIC_RELAXED);
    if ((state == kEmpty || state == kFree) &&
        __atomic_compare_exchange_n(&r.state, &state, u32(kBusy), false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      r.grid = grid;
      r.block = block;
      r.thread = thread;
      r.pending = r.inFlight = r.caught = nullptr;
      __atomic_store_n(&r.state, u32(kUsed), __ATOMIC_RELEASE);
      return &r;
    }
  }
  circle_device::fail("threw an exception while 65536 threads had theirs in flight", "the device's limit");
}

// The record of a thread that must have one: lowered code asks only after a throw.
Record& current() {
  Record* r = recordOf(false);
  if (!r) circle_device::fail("circle's exception lowering lost a thread's exception", "a circle bug");
  return *r;
}

void releaseIfIdle(Record& r) {
  if (!r.pending && !r.inFlight && !r.caught) __atomic_store_n(&r.state, u32(kFree), __ATOMIC_RELEASE);
}

// The Itanium ABI's __pbase_type_info: what a pointer's type_info adds.
struct PointerTypeInfo {
  const void* vptr;
  const char* name;
  u32 qualifiers; // const 0x1, volatile 0x2, restrict 0x4 on the pointee
  const std::type_info* pointee;
};
bool isPointer(const std::type_info* t) { return t->name()[0] == 'P'; }

// [except.handle]/3 for the types circle's device code throws: the same type, an
// unambiguous public base class, or a pointer converting to the handler's by adding
// qualifiers, to a public base, or to void*. On a match, what the handler receives.
bool matches(ExceptionHeader& h, const std::type_info* handler) {
  const std::type_info* thrown = h.type;
  if (!thrown) return false; // only catch (...) catches an exception of unknown type
  void* object = objectOf(&h);
  if (!isPointer(handler)) {
    const void* base = __circle_public_base(object, thrown, handler);
    if (base) h.adjusted = const_cast<void*>(base);
    return base != nullptr;
  }
  if (!isPointer(thrown)) return false;
  auto* from = reinterpret_cast<const PointerTypeInfo*>(thrown);
  auto* to = reinterpret_cast<const PointerTypeInfo*>(handler);
  if (from->qualifiers & ~to->qualifiers) return false;
  void* value = *static_cast<void**>(object);
  if (*from->pointee == *to->pointee || (strcmp(to->pointee->name(), "v") == 0 && !isPointer(from->pointee))) {
    h.adjusted = value;
    return true;
  }
  if (!value) return false;
  const void* base = __circle_public_base(value, from->pointee, to->pointee);
  if (base) h.adjusted = const_cast<void*>(base);
  return base != nullptr;
}

} // namespace

extern "C" {

// Kernels call this first: the bit's word holds garbage from an earlier block.
void __circle_eh_enter() noexcept { setPending(false); }

bool __circle_eh_pending() noexcept {
  u32 t = threadInBlock();
  return (static_cast<volatile u32*>(pendingBits)[t >> 5] >> (t & 31)) & 1;
}

// `throw e` once e is built: the lowered form of __cxa_throw.
void __circle_eh_raise(void* object, std::type_info* type, void (*destroy)(void*)) noexcept {
  ExceptionHeader* h = headerOf(object);
  h->type = type;
  h->destroy = destroy;
  h->adjusted = object;
  h->handlers = 0;
  h->rethrown = false;
  Record* r = recordOf(true);
  r->pending = h;
  setPending(true);
}

// `throw;`: the exception of the innermost handler that has not ended.
void __circle_eh_rethrow() noexcept {
  Record* r = recordOf(false);
  if (!r || !r->caught) circle_device::fail("terminate called", "throw; with no exception being handled");
  ExceptionHeader* h = r->caught;
  h->rethrown = true;
  h->adjusted = objectOf(h);
  r->pending = h;
  setPending(true);
}

// A landing pad takes the pending exception: its cleanups and type tests run with
// the bit clear, so their own calls' tests see only their own throws.
void* __circle_eh_land() noexcept {
  Record& r = current();
  ExceptionHeader* h = r.pending;
  if (!h) circle_device::fail("circle's exception lowering reached a landing pad with no exception", "a circle bug");
  r.pending = nullptr;
  h->nextInFlight = r.inFlight;
  r.inFlight = h;
  setPending(false);
  return objectOf(h);
}

// `resume`: no handler here matched; the exception goes on to the caller.
void __circle_eh_resume() noexcept {
  Record& r = current();
  ExceptionHeader* h = r.inFlight;
  r.inFlight = h->nextInFlight;
  r.pending = h;
  setPending(true);
}

// A handler's type test, in the order the handlers are written.
bool __circle_eh_catches(const std::type_info* handler) noexcept {
  Record& r = current();
  return r.inFlight && matches(*r.inFlight, handler);
}

// A kernel returning with an exception pending: no handler caught it.
[[noreturn]] void __circle_eh_uncaught() noexcept {
  Record& r = current();
  circle_device::failWithException("threw", objectOf(r.pending), r.pending->type);
}

void* __cxa_begin_catch(void* exception) noexcept {
  ExceptionHeader* h = headerOf(exception);
  Record& r = current();
  if (r.inFlight == h) r.inFlight = h->nextInFlight;
  if (h->handlers++ == 0) {
    h->nextCaught = r.caught;
    r.caught = h;
  }
  h->rethrown = false;
  return h->adjusted;
}

void* __cxa_get_exception_ptr(void* exception) noexcept { return headerOf(exception)->adjusted; }

void __cxa_end_catch() noexcept {
  Record* r = recordOf(false);
  if (!r || !r->caught) return;
  ExceptionHeader* h = r->caught;
  if (--h->handlers > 0) return;
  r->caught = h->nextCaught;
  if (!h->rethrown) {
    if (h->destroy) h->destroy(objectOf(h));
    free(h);
  }
  releaseIfIdle(*r);
}

} // extern "C"

namespace std {

// Exceptions thrown and not yet caught by this thread: the pending one and those whose
// landing pads run (destructors called during unwinding see them).
int uncaught_exceptions() noexcept {
  Record* r = recordOf(false);
  if (!r) return 0;
  int n = r->pending ? 1 : 0;
  for (ExceptionHeader* h = r->inFlight; h; h = h->nextInFlight) ++n;
  return n;
}

bool uncaught_exception() noexcept { return uncaught_exceptions() > 0; }

// A noexcept function an exception leaves, or `throw;` outside a handler.
void terminate() noexcept {
  Record* r = recordOf(false);
  ExceptionHeader* h = r ? (r->caught ? r->caught : r->inFlight ? r->inFlight : r->pending) : nullptr;
  if (h) circle_device::failWithException("terminate called after an exception left a noexcept function: threw",
                                          objectOf(h), h->type);
  circle_device::fail("terminate called", nullptr);
}

} // namespace std
