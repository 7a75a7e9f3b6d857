// The writers of the stream lines (stream_lines.h).
#include "server/wire/stream_lines.h"

#include "core/notation.h"

namespace yinsh::server::stream {
namespace {

json player_json(const Player& p) {
  return {{"name", p.name}, {"rating", p.rating ? json(*p.rating) : json(nullptr)}, {"bot", p.bot}};
}

json clock_of(const std::optional<ClockSpec>& c) {
  if (!c) return nullptr;
  json j = {{"initial_ms", c->base_ms}, {"increment_ms", c->inc_ms}};
  if (c->correspondence()) j["days"] = c->days();  // the days per move; initial_ms is their ms
  return j;
}

json game_json(const GameInfo& g) {
  return {{"id", g.id},
          {"color", color_name(g.color)},
          {"opponent", player_json(g.opponent)},
          {"rated", g.rated},
          {"variant", to_string(g.variant)},
          {"clock", clock_of(g.clock)}};
}

json state_json(const GameState& s) {
  return {{"type", "gameState"},     {"moves", s.moves},
          {"ply", s.ply},            {"wtime", s.wtime},
          {"btime", s.btime},        {"winc", s.winc},
          {"binc", s.binc},          {"to_move", color_name(s.to_move)},
          {"status", s.status},      {"winner", s.winner ? json(*s.winner) : json(nullptr)}};
}

std::string text(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace

std::string write(const GameStart& m) { return text({{"type", "gameStart"}, {"game", game_json(m.game)}}); }

std::string write(const GameFinish& m) {
  json g = game_json(m.game);
  g["result"] = m.result;
  return text({{"type", "gameFinish"}, {"game", std::move(g)}});
}

std::string write(const ChallengeLine& m) {
  const ChallengeInfo& c = m.challenge;
  return text({{"type", "challenge"},
               {"challenge",
                {{"id", c.id},
                 {"challenger", player_json(c.challenger)},
                 {"dest", c.dest},
                 {"rated", c.rated},
                 {"variant", to_string(c.variant)},
                 {"color", c.color},
                 {"clock", clock_of(c.clock)}}}});
}

std::string write(const ChallengeCanceled& m) {
  return text({{"type", "challengeCanceled"}, {"challenge", {{"id", m.id}}}});
}

std::string write(const ChallengeDeclined& m) {
  return text({{"type", "challengeDeclined"}, {"challenge", {{"id", m.id}}}});
}

std::string write(const GameState& m) { return text(state_json(m)); }

std::string write(const GameFull& m) {
  return text({{"type", "gameFull"},
               {"id", m.id},
               {"white", player_json(m.white)},
               {"black", player_json(m.black)},
               {"rated", m.rated},
               {"variant", to_string(m.variant)},
               {"clock", clock_of(m.clock)},
               {"state", state_json(m.state)}});
}

std::string write(const ChatLine& m) { return text({{"type", "chatLine"}, {"username", m.username}, {"text", m.text}}); }

std::string write(const OpponentGone& m) { return text({{"type", "opponentGone"}, {"gone", m.gone}}); }

}  // namespace yinsh::server::stream
