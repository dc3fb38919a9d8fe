// <system_error>'s out-of-line half for the device: the generic and system
// categories, error_category's virtual members and system_error's destructor (the
// key function that places its vtable). Messages come from the device libc's
// strerror, which numbers errno as glibc does (newlib-config/sys/errno.h).
#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

namespace {

struct GenericCategory final : std::error_category {
  const char* name() const noexcept final { return "generic"; }
  std::string message(int value) const final { return std::string(strerror(value)); }
  bool equivalent(int value, const std::error_condition& c) const noexcept final {
    return value == c.value() && *this == c.category();
  }
};

// The POSIX errno values, std::errc's enumerators: the system category maps these
// (and 0) to the generic one, as libstdc++'s does on POSIX systems.
bool isPosixErrno(int value) {
  using E = std::errc;
  static constexpr E posix[] = {
      E::address_family_not_supported, E::address_in_use, E::address_not_available, E::already_connected,
      E::argument_list_too_long, E::argument_out_of_domain, E::bad_address, E::bad_file_descriptor,
      E::bad_message, E::broken_pipe, E::connection_aborted, E::connection_already_in_progress,
      E::connection_refused, E::connection_reset, E::cross_device_link, E::destination_address_required,
      E::device_or_resource_busy, E::directory_not_empty, E::executable_format_error, E::file_exists,
      E::file_too_large, E::filename_too_long, E::function_not_supported, E::host_unreachable,
      E::identifier_removed, E::illegal_byte_sequence, E::inappropriate_io_control_operation, E::interrupted,
      E::invalid_argument, E::invalid_seek, E::io_error, E::is_a_directory, E::message_size, E::network_down,
      E::network_reset, E::network_unreachable, E::no_buffer_space, E::no_child_process, E::no_link,
      E::no_lock_available, E::no_message_available, E::no_message, E::no_protocol_option, E::no_space_on_device,
      E::no_stream_resources, E::no_such_device_or_address, E::no_such_device, E::no_such_file_or_directory,
      E::no_such_process, E::not_a_directory, E::not_a_socket, E::not_a_stream, E::not_connected,
      E::not_enough_memory, E::not_supported, E::operation_canceled, E::operation_in_progress,
      E::operation_not_permitted, E::operation_not_supported, E::operation_would_block, E::owner_dead,
      E::permission_denied, E::protocol_error, E::protocol_not_supported, E::read_only_file_system,
      E::resource_deadlock_would_occur, E::resource_unavailable_try_again, E::result_out_of_range,
      E::state_not_recoverable, E::stream_timeout, E::text_file_busy, E::timed_out,
      E::too_many_files_open_in_system, E::too_many_files_open, E::too_many_links, E::too_many_symbolic_link_levels,
      E::value_too_large, E::wrong_protocol_type};
  if (value == 0) return true;
  for (E e : posix)
    if (static_cast<int>(e) == value) return true;
  return false;
}

// Constant-initialised objects: libstdc++ declares the category functions
// __attribute__((const)), so they may not build anything when called (an object
// built on first use was optimised away, and its vtable read as zeros). The union
// keeps the destructor from running, which a __device__ variable may not need.
template <class T> union ConstantInit {
  T object;
  constexpr ConstantInit() : object() {}
  ~ConstantInit() {}
};

extern __device__ ConstantInit<GenericCategory> genericInstance;
const std::error_category& genericCategory() { return genericInstance.object; }

struct SystemCategory final : std::error_category {
  const char* name() const noexcept final { return "system"; }
  std::string message(int value) const final { return std::string(strerror(value)); }
  std::error_condition default_error_condition(int value) const noexcept final {
    if (isPosixErrno(value)) return {value, genericCategory()};
    return {value, *this};
  }
  bool equivalent(int value, const std::error_condition& c) const noexcept final {
    return default_error_condition(value) == c;
  }
};

__device__ ConstantInit<GenericCategory> genericInstance;
__device__ ConstantInit<SystemCategory> systemInstance;

const std::error_category& systemCategory() { return systemInstance.object; }

} // namespace

namespace std {

error_category::~error_category() = default;

const error_category& _V2::system_category() noexcept { return systemCategory(); }
const error_category& _V2::generic_category() noexcept { return genericCategory(); }

system_error::~system_error() noexcept = default;

error_condition error_category::default_error_condition(int value) const noexcept { return {value, *this}; }

bool error_category::equivalent(int value, const error_condition& c) const noexcept {
  return default_error_condition(value) == c;
}

bool error_category::equivalent(const error_code& code, int value) const noexcept {
  return *this == code.category() && code.value() == value;
}

// The old string ABI's message, a virtual slot every category's vtable holds.
__cow_string error_category::_M_message(int value) const {
  string m = message(value);
  return {m.c_str(), m.length()};
}

error_condition error_code::default_error_condition() const noexcept {
  return category().default_error_condition(value());
}

} // namespace std
