// Whether this build can compile functions for other x86-64 instruction sets (function target
// attributes, whatever the build's -march) and choose among them at start-up with
// __builtin_cpu_supports: x86 with g++ or clang, not WebAssembly. The package, built for any
// x86-64, gets its vector and popcnt paths this way. One definition for every file that does.
#pragma once

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__) && \
    (defined(__GNUC__) || defined(__clang__))
#define YINSH_X86_DISPATCH 1
#else
#define YINSH_X86_DISPATCH 0
#endif
