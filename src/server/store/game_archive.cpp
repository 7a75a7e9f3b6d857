#include "server/store/game_archive.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "core/notation.h"
#include "records/boardspace.h"

namespace yinsh::server {

namespace {

bool valid_id(std::string_view id) {
  return id.size() == 12 &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

std::string id_from_hash(std::string_view text) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  static const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string id;
  for (int i = 0; i < 12; ++i, h /= 36) id += alphabet[h % 36];
  return id;
}

std::string random_token() {
  std::random_device rd;
  char buf[33];
  for (int i = 0; i < 4; ++i) std::snprintf(buf + 8 * i, 9, "%08x", unsigned(rd()));
  return buf;
}

// "YYYY.MM.DD" + "HH:MM:SS" of a Unix ms time, UTC.
std::pair<std::string, std::string> date_time(int64_t ms) {
  using namespace std::chrono;
  const sys_time<milliseconds> t{milliseconds(ms)};
  const auto day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss hms{floor<seconds>(t - day)};
  char d[16], tm[16];
  std::snprintf(d, sizeof d, "%04d.%02u.%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
  std::snprintf(tm, sizeof tm, "%02d:%02d:%02d", int(hms.hours().count()), int(hms.minutes().count()),
                int(hms.seconds().count()));
  return {d, tm};
}

bool is_tag_line(std::string_view line) { return !line.empty() && line[0] == '['; }

}  // namespace

std::optional<OnlineGame> load_game(Store& store, const std::string& id, std::string* error) {
  const auto meta = store.load_meta(id);
  if (!meta) {
    if (error) *error = "no game " + id;
    return std::nullopt;
  }
  OnlineGame g(*meta);
  try {
    for (const auto& e : store.load_events(id, 0)) g.apply(parse_event_body(e.body, e.version));
  } catch (const std::exception& e) {
    if (error) *error = "game " + id + ": its log cannot be read: " + e.what();
    return std::nullopt;
  }
  return g;
}

std::string archive_record(const OnlineGame& game) {
  std::string error;
  auto r = read_record(game.record_text(), &error);
  if (!r) throw std::runtime_error("game " + game.id() + ": " + error);  // the server wrote it: a bug
  const auto [d, t] = date_time(game.meta().created_at);
  r->set_tag("Date", d);
  r->set_tag("Time", t);
  return write_record(*r);
}

int export_games(Store& store, int64_t since_ms, std::ostream& out, std::vector<std::string>* skipped) {
  auto games = store.list_games(Status::Over, INT_MAX);
  std::reverse(games.begin(), games.end());  // oldest first
  int n = 0;
  for (const auto& s : games) {
    if (s.created_at < since_ms || s.status != Status::Over) continue;  // Over lists Aborted too
    std::string error;
    const auto g = load_game(store, s.id, &error);
    if (!g) {
      if (skipped) skipped->push_back(error);
      continue;
    }
    if (n++ > 0) out << '\n';
    out << archive_record(*g);
  }
  return n;
}

std::vector<std::string> split_records(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  bool seen_moves = false;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl == std::string_view::npos ? text.size() : nl + 1);
    text.remove_prefix(line.size());
    const auto first = line.find_first_not_of(" \t\r\n");
    const std::string_view body = first == std::string_view::npos ? "" : line.substr(first);
    if (is_tag_line(body) && seen_moves) {
      out.push_back(std::move(current));
      current.clear();
      seen_moves = false;
    }
    if (!body.empty() && !is_tag_line(body)) seen_moves = true;
    current += line;
  }
  if (current.find_first_not_of(" \t\r\n") != std::string::npos) out.push_back(std::move(current));
  return out;
}

std::optional<int64_t> parse_date_ms(std::string_view text) {
  int y = 0;
  unsigned m = 0, d = 0;
  char s1 = 0, s2 = 0, rest = 0;
  const std::string t(text);
  if (std::sscanf(t.c_str(), "%4d%c%2u%c%2u%c", &y, &s1, &m, &s2, &d, &rest) != 5 || s1 != s2 ||
      (s1 != '-' && s1 != '.'))
    return std::nullopt;
  using namespace std::chrono;
  const year_month_day ymd{year(y), month(m), day(d)};
  if (!ymd.ok()) return std::nullopt;
  return duration_cast<milliseconds>(sys_days(ymd).time_since_epoch()).count();
}

std::optional<ImportedGame> game_from_record(const GameRecord& record, int64_t now_ms, std::string* why) {
  auto fail = [&](std::string reason) -> std::optional<ImportedGame> {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  const Variant variant = record.start.variant();
  if (to_text(record.start) != to_text(Position::start(variant)))
    return fail("starts from a set-up position; the server keeps games from the empty board only");
  ImportedGame out;
  const std::string game_tag = record.tag("Game");
  out.meta.id = valid_id(game_tag) ? game_tag : id_from_hash(write_record(record));
  out.meta.variant = variant;
  int64_t at = now_ms;
  if (auto d = parse_date_ms(record.tag("Date"))) {
    at = *d;
    unsigned h = 0, mi = 0, s = 0;
    if (std::sscanf(record.tag("Time").c_str(), "%2u:%2u:%2u", &h, &mi, &s) == 3 && h < 24 && mi < 60 && s < 60)
      at += ((h * 60 + mi) * 60 + s) * 1000;
  }
  out.meta.created_at = at;

  OnlineGame g(out.meta);
  auto step = [&](const Outcome& o) {
    if (!o.ok()) throw std::runtime_error(o.error.message);  // cannot happen for a checked record
    Event ev = *o.event;
    ev.version = g.version() + 1;
    g.apply(ev);
    out.events.push_back({g.version(), event_body(ev)});
  };
  try {
    step(g.join(record.tag("White"), WHITE, random_token(), at));
    step(g.join(record.tag("Black"), BLACK, random_token(), at));
    step(g.start(at));
    for (const Move m : record.moves) step(g.decide(*g.to_move(), to_string(m), std::nullopt, ++at));
    if (g.status() != Status::Over) {
      const std::string result = record.tag("Result");
      if (result == "1-0") step(g.resign(BLACK, ++at));
      else if (result == "0-1") step(g.resign(WHITE, ++at));
      else if (result == "1/2-1/2") return fail("a draw the rules did not give (by agreement): the server has no such result");
      else return fail("unfinished game (Result \"" + (result.empty() ? std::string("*") : result) +
                       "\"): only finished games are imported");
    }
  } catch (const std::exception& e) {
    return fail(std::string("the server refused it: ") + e.what());
  }
  out.summary = g.summary();
  return out;
}

ImportReport import_files(Store& store, const std::vector<std::string>& files, int64_t now_ms) {
  ImportReport report;
  auto reject = [&](const std::string& source, const std::string& why) {
    ++report.rejected;
    report.lines.push_back(source + ": skipped: " + why);
  };
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      reject(file, "cannot open");
      continue;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::vector<std::string> parts = looks_like_sgf(text) ? std::vector<std::string>{text} : split_records(text);
    if (parts.empty()) reject(file, "no record in it");
    for (size_t i = 0; i < parts.size(); ++i) {
      const std::string source = parts.size() == 1 ? file : file + " game " + std::to_string(i + 1);
      std::string why;
      const auto record = read_any_record(parts[i], &why);
      if (!record) {
        reject(source, why);
        continue;
      }
      const auto game = game_from_record(*record, now_ms, &why);
      if (!game) {
        reject(source, why);
        continue;
      }
      switch (store.create_with_events(game->meta, game->events, game->summary, &why)) {
        case AppendStatus::Ok:
          ++report.imported;
          report.lines.push_back(source + ": imported as " + game->meta.id);
          break;
        case AppendStatus::Conflict:
          ++report.duplicates;
          report.lines.push_back(source + ": duplicate of game " + game->meta.id + ", skipped");
          break;
        case AppendStatus::Failed:
          reject(source, "the store failed: " + why);
          break;
      }
    }
  }
  return report;
}

}  // namespace yinsh::server
