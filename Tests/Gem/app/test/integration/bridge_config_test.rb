# frozen_string_literal: true

require 'test_helper'

# Must pass: the Railtie put the assertions into every integration test.
class BridgeConfigTest < ActionDispatch::IntegrationTest
  test 'a page the contract accepts' do
    get '/good'
    assert_response :success
    result = assert_valid_bridge_config response
    assert_empty result.findings
  end

  test 'a page with an absolute tab path is refused with TG104' do
    get '/bad'
    result = refute_valid_bridge_config response, code: 'TG104'
    assert_equal ['/tabs/0/path'], result.errors.map(&:pointer)
  end

  test 'a page without the bridge element is refused with TG003' do
    refute_valid_bridge_config '<!DOCTYPE html><p>no tab bar</p>', code: 'TG003'
  end
end
