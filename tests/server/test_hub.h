// The set-up of the tests that drive a Hub in process, without the network: the hub runs on an
// io_context of its own thread over a store the test owns, and the test calls its HTTP methods
// and waits for the reply. (Tests of a whole server use test_server.h.)
#pragma once

#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <thread>

#include "server/hub/hub.h"
#include "test_server.h"

namespace yinsh::test {

// A fixture base: start_hub() in SetUp; TearDown stops the hub and its thread and destroys the
// hub, before the fixture's members (its store) go.
class HubTest : public ::testing::Test {
 protected:
  void start_hub(server::Store& store, server::HubOptions options) {
    hub_ = std::make_unique<server::Hub>(ioc_, store, options);
    hub_->start();
    thread_ = std::thread([this] { ioc_.run(); });
  }
  void TearDown() override {
    if (hub_) hub_->stop();
    work_.reset();
    ioc_.stop();
    if (thread_.joinable()) thread_.join();
    hub_.reset();
  }
  // Calls an HTTP method of the hub and waits for its reply (generous: the machine may be
  // loaded; a reply that does not come fails the test).
  server::HttpReply call(const std::function<void(server::Hub::Done)>& f,
                         std::chrono::seconds timeout = std::chrono::seconds(10)) {
    auto p = std::make_shared<std::promise<server::HttpReply>>();
    f([p](server::HttpReply r) { p->set_value(std::move(r)); });
    auto fut = p->get_future();
    if (fut.wait_for(timeout) != std::future_status::ready) {
      ADD_FAILURE() << "no reply within " << timeout.count() << " s";
      return server::http_error(599, "test_timeout", "no reply");
    }
    return fut.get();
  }
  static std::string code(const server::HttpReply& r) { return r.body["error"]["code"].get<std::string>(); }

  boost::asio::io_context ioc_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_ = boost::asio::make_work_guard(ioc_);
  std::thread thread_;
  std::unique_ptr<server::Hub> hub_;
};

}  // namespace yinsh::test
