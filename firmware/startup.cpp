// Reset and fault handlers for the Cortex-M test images (Armv7-M), written in C++ with no
// assembly file: the hardware loads SP from word 0 of the vector table and jumps to word 1
// (Armv7-M ARM B1.5.3), so the reset handler runs in C++ from the first instruction.
// Sections come from an500.ld.
#include <cstddef>
#include <cstdint>

#include "semihost.hpp"

extern "C" {
extern std::uint32_t __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];
extern std::uint32_t __stack_top[];
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();
int main();
[[noreturn]] void tessera_reset_handler();
[[noreturn]] void tessera_fault_handler();
}

namespace {

using Handler = void (*)();

// Armv7-M ARM B3.2.20: CPACR at 0xE000ED88; CP10 and CP11 (bits 20-23) full access
// enables the FPU. Then DSB/ISB so that later FP instructions see it (B3.2.20 note).
inline void enable_fpu() {
  volatile std::uint32_t& cpacr = *reinterpret_cast<volatile std::uint32_t*>(0xE000ED88u);
  cpacr = cpacr | (0xFu << 20);
  __asm__ volatile("dsb\n\tisb" ::: "memory");
}

}  // namespace

// The vector table (Armv7-M ARM B1.5.2): the initial SP, Reset, NMI, HardFault, MemManage,
// BusFault, UsageFault; every other exception is unused by these images.
[[gnu::section(".isr_vector"), gnu::used]] const Handler tessera_vectors[16] = {
    reinterpret_cast<Handler>(__stack_top), tessera_reset_handler, tessera_fault_handler,
    tessera_fault_handler, tessera_fault_handler, tessera_fault_handler, tessera_fault_handler,
    nullptr, nullptr, nullptr, nullptr, tessera_fault_handler, tessera_fault_handler, nullptr,
    tessera_fault_handler, tessera_fault_handler};

extern "C" [[noreturn]] void tessera_reset_handler() {
  enable_fpu();  // first: the compiler may move data through FP registers
  for (std::uint32_t *src = __data_load, *dst = __data_start; dst < __data_end;) *dst++ = *src++;
  for (std::uint32_t* p = __bss_start; p < __bss_end;) *p++ = 0;
  for (auto* f = __init_array_start; f < __init_array_end; ++f) (*f)();
  const int rc = main();
  tessera::fw::exit(rc == 0);
}

// A fault stops the image at once with a failure (instead of a hang until the timeout).
extern "C" [[noreturn]] void tessera_fault_handler() {
  tessera::fw::write0("FAULT: HardFault/MemManage/BusFault/UsageFault\n");
  tessera::fw::exit(false);
}
