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

// A short, stable, human-readable description ("invalid length", ...).
TESSERA_API const char* error_message(Error e) noexcept;

// An Error and what it is about: the argument that was wrong, named by the function that
// rejected it ("AES-GCM nonce", "ML-KEM-768 ciphertext"). `what` is a static string (no
// heap); Result<T>::message() gives "<what>: <error_message(code)>" pieces to print.
struct Failure {
  Error code;
  const char* what = nullptr;
};
// `return fail(Error::invalid_length, "AES-GCM tag");`
constexpr Failure fail(Error code, const char* what) noexcept { return Failure{code, what}; }

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
  Result(Error e) noexcept : ok_(false), failure_{e, nullptr} {}  // NOLINT: implicit
  Result(Failure f) noexcept : ok_(false), failure_(f) {}        // NOLINT: implicit
  // Constructs the value in place (keys are built inside the Result that returns them, so
  // their secrets are never moved through temporaries).
  template <class... Args>
  explicit Result(std::in_place_t, Args&&... args) noexcept : ok_(true) {
    ::new (&value_) T(std::forward<Args>(args)...);
  }

  Result(Result&& o) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(std::move(o.value_)); else failure_ = o.failure_;
  }
  Result(const Result& o) requires std::is_copy_constructible_v<T> : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(o.value_); else failure_ = o.failure_;
  }
  // Assignable like Result<void>: `r = K::decapsulate(sk, ct);` replaces value or error.
  Result& operator=(Result&& o) noexcept(std::is_nothrow_move_constructible_v<T>) {
    if (this != &o) { reset(); ok_ = o.ok_; if (ok_) ::new (&value_) T(std::move(o.value_)); else failure_ = o.failure_; }
    return *this;
  }
  Result& operator=(const Result& o) requires std::is_copy_constructible_v<T> {
    if (this != &o) { reset(); ok_ = o.ok_; if (ok_) ::new (&value_) T(o.value_); else failure_ = o.failure_; }
    return *this;
  }
  // Replaces the value with an error in place (`r = fail(...)` in a function that builds its
  // value inside r): no temporary Result, which for a key would be a key-sized stack object.
  Result& operator=(Failure f) noexcept { reset(); failure_ = f; return *this; }
  Result& operator=(Error e) noexcept { return *this = Failure{e, nullptr}; }
  // Replaces the value or error with a T built in place (a key built inside the Result that
  // returns it, once the checks that could fail have passed).
  template <class... Args>
  T& emplace(Args&&... args) noexcept {
    reset();
    ::new (&value_) T(std::forward<Args>(args)...);
    ok_ = true;
    return value_;
  }
  ~Result() { reset(); }

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  // Precondition: has_value() (otherwise the process traps: never undefined behaviour).
  T& value() & noexcept { check(); return value_; }
  const T& value() const& noexcept { check(); return value_; }
  T&& value() && noexcept { check(); return std::move(value_); }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }
  T&& operator*() && noexcept { return std::move(*this).value(); }  // std::move(*K::generate_key())
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }

  // Precondition: !has_value().
  Error error() const noexcept { if (ok_) detail::bad_result_access(); return failure_.code; }
  // What the error is about (the argument's name), or "" when the function did not say.
  const char* what() const noexcept { if (ok_) detail::bad_result_access(); return failure_.what ? failure_.what : ""; }
  Failure failure() const noexcept { if (ok_) detail::bad_result_access(); return failure_; }

 private:
  void check() const noexcept { if (!ok_) detail::bad_result_access(); }
  // Destroys the value (a key wipes itself); leaves an error state until reassigned.
  void reset() noexcept { if (ok_) { value_.~T(); ok_ = false; failure_ = Failure{Error::invalid_state, nullptr}; } }
  bool ok_;
  union { T value_; Failure failure_; };
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() noexcept = default;
  Result(Error e) noexcept : ok_(false), failure_{e, nullptr} {}  // NOLINT: implicit
  Result(Failure f) noexcept : ok_(false), failure_(f) {}        // NOLINT: implicit
  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const noexcept { if (!ok_) detail::bad_result_access(); }
  Error error() const noexcept { if (ok_) detail::bad_result_access(); return failure_.code; }
  const char* what() const noexcept { if (ok_) detail::bad_result_access(); return failure_.what ? failure_.what : ""; }
  Failure failure() const noexcept { if (ok_) detail::bad_result_access(); return failure_; }

 private:
  bool ok_ = true;
  Failure failure_{Error::invalid_argument, nullptr};
};

}  // namespace tessera
