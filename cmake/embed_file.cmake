# cmake -DIN=<file> -DOUT=<source.cpp> -DNAME=<symbol> -P embed_file.cmake
# Writes a C++ source defining `const unsigned char NAME[]` (the file's bytes) and
# `const std::size_t NAME_size`, so a data file is built into the binary.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" len)
math(EXPR size "${len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/embed_file.cmake; do not edit.\n"
  "#include <cstddef>\n"
  "extern const unsigned char ${NAME}[];\nextern const std::size_t ${NAME}_size;\n"
  "alignas(32) const unsigned char ${NAME}[] = {\n${bytes}\n};\n"
  "const std::size_t ${NAME}_size = ${size};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
