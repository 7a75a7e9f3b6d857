#include "rating/category.h"

#include <array>

namespace yinsh::rating {
namespace {
constexpr std::array<std::string_view, kNumCategories> kNames = {"bullet",  "blitz",   "rapid",
                                                                  "classical", "untimed", "blitz-variant",
                                                                  "correspondence"};
}

Category categorize(bool blitz_variant, int64_t base_ms, int64_t increment_ms) {
  if (base_ms >= kCorrespondenceMinMs) return Category::Correspondence;
  if (blitz_variant) return Category::BlitzVariant;
  if (base_ms <= 0 && increment_ms <= 0) return Category::Untimed;
  const int64_t estimate = (base_ms + kEstimatedTurns * increment_ms) / 1000;
  if (estimate <= kBulletMax) return Category::Bullet;
  if (estimate <= kBlitzMax) return Category::Blitz;
  if (estimate <= kRapidMax) return Category::Rapid;
  return Category::Classical;
}

std::string_view name(Category c) { return kNames[static_cast<size_t>(c)]; }

std::optional<Category> parse_category(std::string_view s) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == s) return static_cast<Category>(i);
  return std::nullopt;
}

}  // namespace yinsh::rating
