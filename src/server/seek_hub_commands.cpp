// The lobby's commands (docs/api.md 3.4): one handler per type; refusals go back to the sender
// as `error` messages with the command's id, and every change is published to the followers.
#include "room.h"
#include "seek_hub.h"

namespace yinsh::server {

void Lobby::handle(const std::shared_ptr<Hub::Client>& c, const ClientMessage& msg) {
  const json& id = msg.id;
  auto fail = [&](const std::string& code, const std::string& message) {
    c->send(out::Error{0, code, message, id});
  };
  if (const auto* l = std::get_if<cmd::Lobby>(&msg.command); l && l->name) {
    std::lock_guard lock(c->mutex);
    c->name = clean_text(*l->name, kMaxNameChars);
  }
  Seeker me;
  {
    std::lock_guard lock(c->mutex);
    me = seeker_of(*c);
  }
  std::unique_lock lock(mutex_);
  Member& m = members_[me.key];
  m.client = c;
  m.seeker = me;
  const SeekOptions& o = hub_.options.seeks;
  const int64_t now = now_ms();
  const auto error = std::visit(
      Overloaded{
          [&](const cmd::Lobby&) -> std::optional<ApiError> {
            m.following = true;
            return std::nullopt;
          },
          [&](const cmd::Seek& s) -> std::optional<ApiError> {
            Seek seek{"s" + std::to_string(next_id_++), me, s.kind, s.rated, s.range, now};
            return seeks_.add(std::move(seek), o.max_open, o.max_open > 0 ? waiting_games(me.address) : 0);
          },
          [&](const cmd::SeekCancel& s) -> std::optional<ApiError> {
            const Seek* seek = seeks_.find(s.target);
            if (!seek || seek->by.key != me.key) return ApiError{"no_seek", "you have no seek " + clean_text(s.target, 32)};
            seeks_.remove(s.target);
            return std::nullopt;
          },
          [&](const cmd::SeekAccept& s) -> std::optional<ApiError> {
            const Seek* seek = seeks_.find(s.target);
            if (!seek) return ApiError{"no_seek", "the seek " + clean_text(s.target, 32) + " is gone (taken, cancelled or expired)"};
            if (auto e = seeks_.acceptable(*seek, me)) return e;
            if (auto e = take_creation(me.address)) return e;
            const Seek taken = *seek;
            seeks_.remove(s.target);
            make_game(taken.by, me, taken.kind, "seek");
            return std::nullopt;
          },
          [&](const cmd::Pair& p) -> std::optional<ApiError> {
            pairing_.add({me, p.kind, now});
            pair_now(now);
            return std::nullopt;
          },
          [&](const cmd::PairCancel&) -> std::optional<ApiError> {
            if (!pairing_.remove(me.key)) return ApiError{"not_allowed", "you are not waiting for a pairing"};
            return std::nullopt;
          },
          [&](const cmd::Challenge& ch) -> std::optional<ApiError> {
            bool online = false;
            for (const auto& [key, other] : members_)
              online = online || (other.following && key != me.key && name_key(other.seeker.name) == name_key(ch.to) &&
                                  !other.client.expired());
            if (!online) return ApiError{"player_offline", clean_text(ch.to, kMaxNameChars) + " is not in the lobby now"};
            return challenges_.add({"c" + std::to_string(next_id_++), me, ch.to, ch.kind, ch.rated, now}, o.max_open);
          },
          [&](const cmd::ChallengeAccept& a) -> std::optional<ApiError> {
            const Challenge* ch = challenges_.find(a.target);
            if (!ch || name_key(ch->to) != name_key(me.name) || ch->from.key == me.key)
              return ApiError{"no_challenge", "there is no challenge " + clean_text(a.target, 32) + " for you"};
            const Challenge taken = *ch;
            challenges_.remove(a.target);
            make_game(taken.from, me, taken.kind, "challenge");
            return std::nullopt;
          },
          [&](const cmd::ChallengeDecline& d) -> std::optional<ApiError> {
            const Challenge* ch = challenges_.find(d.target);
            if (!ch || name_key(ch->to) != name_key(me.name) || ch->from.key == me.key)
              return ApiError{"no_challenge", "there is no challenge " + clean_text(d.target, 32) + " for you"};
            if (auto from = client_of(ch->from.key)) from->send(out::Info{0, me.name + " declined your challenge"});
            challenges_.remove(d.target);
            return std::nullopt;
          },
          [&](const cmd::ChallengeCancel& d) -> std::optional<ApiError> {
            const Challenge* ch = challenges_.find(d.target);
            if (!ch || ch->from.key != me.key) return ApiError{"no_challenge", "you sent no challenge " + clean_text(d.target, 32)};
            challenges_.remove(d.target);
            return std::nullopt;
          },
          [&](const auto&) -> std::optional<ApiError> {
            return ApiError{"internal", "a game command reached the lobby"};
          },
      },
      msg.command);
  if (error) return fail(error->code, error->message);
  publish();
}

}  // namespace yinsh::server
