# frozen_string_literal: true

require_relative 'bridge_check'
require_relative 'runner'

module Tabgen
  # An RSpec matcher (RSpec's matcher protocol: matches?, failure_message,
  # failure_message_when_negated, description) for request and system specs:
  #
  #   require 'tabgen/rspec'
  #   get root_path
  #   expect(response).to be_a_valid_bridge_config
  #   expect(response).not_to be_a_valid_bridge_config
  module RSpecMatchers
    # `be_a_valid_bridge_config`: tabgen validate --html accepts the page.
    class BeAValidBridgeConfig
      def initialize(strict:, allow_missing:, root:)
        @check = BridgeCheck.new(root:, strict:, allow_missing:)
      end

      def matches?(page)
        @result = @check.call(page)
        @result.valid?
      end

      def does_not_match?(page)
        !matches?(page)
      end

      def failure_message
        "expected tabgen validate to accept the page\n#{@result}"
      end

      def failure_message_when_negated
        "expected tabgen validate to reject the page, but it accepts it\n#{@result}"
      end

      def description
        'be a valid bridge config page (tabgen validate --html)'
      end
    end

    def be_a_valid_bridge_config(strict: false, allow_missing: false)
      BeAValidBridgeConfig.new(strict:, allow_missing:, root: Runner.root)
    end
  end
end

if defined?(::RSpec) && ::RSpec.respond_to?(:configure)
  ::RSpec.configure do |config|
    config.include Tabgen::RSpecMatchers
  end
end
