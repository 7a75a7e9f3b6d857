// The table from a message's "type" to its C++ type, for one family of messages (a
// std::variant whose alternatives each declare `static constexpr std::string_view type` and a
// `static T read(const Fields&)`): the names in order, and the reader of a named type.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <variant>

#include "server/common/shapes.h"

namespace yinsh::server {

template <class V>
struct SchemaTable;

template <class... Ts>
struct SchemaTable<std::variant<Ts...>> {
  using Variant = std::variant<Ts...>;
  static constexpr std::array<std::string_view, sizeof...(Ts)> names{Ts::type...};

  // The alternative named `type`, read from `f`; nullopt when no alternative has that name.
  static std::optional<Variant> read(std::string_view type, const Fields& f) {
    std::optional<Variant> out;
    (void)((Ts::type == type && (out.emplace(Ts::read(f)), true)) || ...);
    return out;
  }
  static bool contains(std::string_view type) {
    for (auto n : names)
      if (n == type) return true;
    return false;
  }
  static std::string_view name_of(const Variant& v) {
    return std::visit([](const auto& x) { return std::decay_t<decltype(x)>::type; }, v);
  }
};

// Overloaded lambdas for std::visit: the handler of each type of a family.
template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace yinsh::server
