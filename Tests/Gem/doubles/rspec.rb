# frozen_string_literal: true

# The smallest faithful double of the RSpec API the gem's matcher relies on (rspec is not
# installable here): RSpec.configure { |c| c.include(Module) }, expect(x).to(matcher) and
# .not_to(matcher), which follow RSpec's matcher protocol (matches?, does_not_match? when
# defined, failure_message, failure_message_when_negated) and raise
# RSpec::Expectations::ExpectationNotMetError (an Exception, as in RSpec) on a miss.
module RSpec
  module Expectations
    class ExpectationNotMetError < Exception; end # rubocop:disable Lint/InheritException
  end

  # What RSpec.configure yields: records the modules example groups include.
  class Configuration
    attr_reader :included_modules

    def initialize
      @included_modules = []
    end

    def include(mod)
      @included_modules << mod
    end
  end

  # expect(actual): the target of .to and .not_to.
  class ExpectationTarget
    def initialize(actual)
      @actual = actual
    end

    def to(matcher)
      return true if matcher.matches?(@actual)

      raise Expectations::ExpectationNotMetError, matcher.failure_message
    end

    def not_to(matcher)
      matched = matcher.respond_to?(:does_not_match?) ? matcher.does_not_match?(@actual) : !matcher.matches?(@actual)
      return true if matched

      raise Expectations::ExpectationNotMetError, matcher.failure_message_when_negated
    end
  end

  # The part of an example group's DSL the tests use.
  module ExampleMethods
    def expect(actual)
      ExpectationTarget.new(actual)
    end
  end

  def self.configuration
    @configuration ||= Configuration.new
  end

  def self.configure
    yield configuration
  end
end
