# frozen_string_literal: true

require_relative 'bridge_check'
require_relative 'runner'

module Tabgen
  # Minitest assertions for a Rails app's integration tests (the Railtie includes this
  # module into ActionDispatch::IntegrationTest):
  #
  #   get root_path
  #   assert_valid_bridge_config response
  module TestHelper
    # Passes when `tabgen validate --html` accepts the page (warnings allowed unless
    # strict:); fails with tabgen's findings. Returns the Tabgen::BridgeCheck::Result.
    def assert_valid_bridge_config(page, strict: false, allow_missing: false, message: nil)
      result = tabgen_bridge_check(page, strict:, allow_missing:)
      assert result.valid?, message || result.to_s
      result
    end

    # Passes when tabgen rejects the page; with code:, only when one of its findings has that code.
    def refute_valid_bridge_config(page, code: nil, strict: false, message: nil)
      result = tabgen_bridge_check(page, strict:, allow_missing: false)
      refute result.valid?, message || "expected tabgen validate to reject the page, but it accepts it\n#{result}"
      if code
        assert result.findings.any? { |finding| finding.code == code },
               message || "expected a #{code} finding from tabgen validate\n#{result}"
      end
      result
    end

    private

    def tabgen_bridge_check(page, strict:, allow_missing:)
      Tabgen::BridgeCheck.new(root: Tabgen::Runner.root, strict:, allow_missing:).call(page)
    end
  end
end
