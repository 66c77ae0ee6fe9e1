# frozen_string_literal: true

require 'test_helper'

# Must fail (Tests/Gem/run.sh expects exactly one failure, carrying tabgen's finding).
class BridgeConfigFailingTest < ActionDispatch::IntegrationTest
  test 'the bad page fails the assertion' do
    get '/bad'
    assert_valid_bridge_config response
  end
end
