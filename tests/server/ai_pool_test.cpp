// AiPool: least time left first, untimed last; saturation; the budget taken at the start.
#include "server/game/ai_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

using namespace yinsh::server;
using namespace std::chrono_literals;

TEST(AiPool, RunsTheSearchWithTheLeastTimeLeftFirst) {
  AiPool pool(1);
  std::atomic<bool> release = false;
  std::mutex m;
  std::vector<int> order;
  pool.submit("g0", 0, [&] {
    while (!release) std::this_thread::sleep_for(1ms);  // holds the only thread
  });
  while (pool.waiting() > 0) std::this_thread::sleep_for(1ms);
  auto job = [&](int n) {
    return [&, n] {
      std::lock_guard l(m);
      order.push_back(n);
    };
  };
  pool.submit("g4", INT64_MAX, job(4));  // untimed: after every timed game
  pool.submit("g3", 3000, job(3));
  pool.submit("g1", 1000, job(1));
  pool.submit("g2", 2000, job(2));
  pool.submit("g5", INT64_MAX, job(5));  // untimed ones in order
  EXPECT_EQ(pool.waiting(), 5u);
  EXPECT_TRUE(pool.saturated());
  release = true;
  while (true) {
    std::this_thread::sleep_for(5ms);
    std::lock_guard l(m);
    if (order.size() == 5) break;
  }
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4, 5}));
  EXPECT_FALSE(pool.saturated());
}

TEST(AiPool, OneThreadPerCoreByDefault) {
  AiPool pool(0);
  EXPECT_EQ(pool.threads(), int(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(AiPool, TheBudgetComesFromTheClockWhenTheSearchStarts) {
  EXPECT_EQ(ai_movetime(2000, -1, -1), 2000);      // untimed: the level's time
  EXPECT_EQ(ai_movetime(2000, 50, -1), 50);        // --ai-movetime
  EXPECT_EQ(ai_movetime(2000, -1, 10000), 500);    // 1/20 of 10 s left
  EXPECT_EQ(ai_movetime(2000, -1, 4000), 200);     // less left after waiting: less time
  EXPECT_EQ(ai_movetime(2000, -1, 0), 1);
}

TEST(AiPool, GamesInPlayBeyondTheCapSaturateIt) {
  AiPool pool(2, 3);
  EXPECT_EQ(pool.max_games(), 3);
  pool.touch("a");
  pool.touch("b");
  pool.touch("a");
  EXPECT_EQ(pool.games_in_play(), 2u);
  EXPECT_FALSE(pool.saturated());
  pool.submit("c", 0, [] {});
  EXPECT_EQ(pool.games_in_play(), 3u);
  EXPECT_TRUE(pool.saturated());
  EXPECT_EQ(AiPool(2).max_games(), 2 * AiPool::kGamesPerThread);
}
