// Must fail to link (firmware.noheap.canary): proves the heap wrapping of
// firmware/CMakeLists.txt turns a malloc reference into a link error.
#include <cstdlib>

volatile void* g_block;

int main() {
  g_block = std::malloc(16);
  return 0;
}
