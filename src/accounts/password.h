// Passwords and session tokens, through libsodium.
//   - Passwords: Argon2id (crypto_pwhash_str, libsodium's "interactive" limits: 2 passes,
//     64 MiB). The stored string carries its own salt and parameters. Hashing takes tens of
//     milliseconds and 64 MiB on purpose: callers run it off the network threads.
//   - Session tokens: 32 random bytes, base64url without padding (43 characters); the server
//     stores only their BLAKE2b-256 digest, so a leaked table opens no session.
// Nothing here logs or keeps a password.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace yinsh::accounts {

constexpr size_t kMinPasswordLength = 8;    // bytes of UTF-8
constexpr size_t kMaxPasswordLength = 256;

// Why a new password is refused, or empty when it is acceptable.
std::string password_problem(std::string_view password);

// The Argon2id string to store, or nullopt when libsodium could not get the memory.
std::optional<std::string> hash_password(std::string_view password);

// True when `password` matches `stored` (constant time in the password).
bool verify_password(std::string_view stored, std::string_view password);

// True when `stored` was made with other limits than today's: rehash after a good login.
bool needs_rehash(std::string_view stored);

// A new random session token, and the digest the server keeps of one.
std::string new_session_token();
std::string token_digest(std::string_view token);

}  // namespace yinsh::accounts
