// Result<T>: a value or an Error, shaped like C++23 std::expected (no exceptions, no heap).
#pragma once

#include <tessera/export.hpp>

#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

namespace tessera {

enum class Error : std::uint8_t {
  invalid_length = 1,     // an input or output buffer has the wrong size
  invalid_key,            // a key failed its validity check (FIPS 203 s7, FIPS 204 s7.2)
  invalid_encoding,       // malformed bytes (e.g. a signature hint out of order)
  invalid_argument,       // e.g. a context string longer than 255 bytes
  unknown_backend,        // a backend name Tessera does not know
  backend_unavailable,    // the backend is not compiled in or the CPU/OS lacks it
  randomness_failure,     // the entropy source failed
  unsupported,            // an operation or parameter this build does not provide
  invalid_state,          // a call out of order (e.g. absorbing after squeezing)
  authentication_failed,  // an AEAD tag did not verify (the output buffer is zeroed)
};

// A short, stable, human-readable description ("invalid key length", ...).
TESSERA_API const char* error_message(Error e) noexcept;

namespace detail {
[[noreturn]] TESSERA_API void bad_result_access() noexcept;
}  // namespace detail

template <class T>
class [[nodiscard]] Result {
 public:
  Result(const T& v) noexcept(std::is_nothrow_copy_constructible_v<T>)  // NOLINT: implicit
      : ok_(true) { ::new (&value_) T(v); }
  Result(T&& v) noexcept(std::is_nothrow_move_constructible_v<T>)  // NOLINT: implicit
      : ok_(true) { ::new (&value_) T(std::move(v)); }
  Result(Error e) noexcept : ok_(false), error_(e) {}  // NOLINT: implicit

  Result(Result&& o) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(std::move(o.value_)); else error_ = o.error_;
  }
  Result(const Result& o) requires std::is_copy_constructible_v<T> : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(o.value_); else error_ = o.error_;
  }
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&&) = delete;
  ~Result() { if (ok_) value_.~T(); }

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  // Precondition: has_value() (otherwise the process traps: never undefined behaviour).
  T& value() & noexcept { check(); return value_; }
  const T& value() const& noexcept { check(); return value_; }
  T&& value() && noexcept { check(); return std::move(value_); }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }

  // Precondition: !has_value().
  Error error() const noexcept { if (ok_) detail::bad_result_access(); return error_; }

 private:
  void check() const noexcept { if (!ok_) detail::bad_result_access(); }
  bool ok_;
  union { T value_; Error error_; };
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() noexcept = default;
  Result(Error e) noexcept : ok_(false), error_(e) {}  // NOLINT: implicit
  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const noexcept { if (!ok_) detail::bad_result_access(); }
  Error error() const noexcept { if (ok_) detail::bad_result_access(); return error_; }

 private:
  bool ok_ = true;
  Error error_ = Error::invalid_argument;
};

}  // namespace tessera
