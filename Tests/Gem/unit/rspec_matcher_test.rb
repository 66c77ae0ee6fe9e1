# frozen_string_literal: true

require_relative 'support'
require_relative '../doubles/rspec'
require 'tabgen/rspec'

# be_a_valid_bridge_config through the RSpec double (Tests/Gem/doubles/rspec.rb).
class RSpecMatcherTest < Minitest::Test
  include PageSupport
  include RSpec::ExampleMethods
  include Tabgen::RSpecMatchers

  def test_requiring_it_registers_the_matchers_with_rspec
    assert_includes RSpec.configuration.included_modules, Tabgen::RSpecMatchers
  end

  def test_to_passes_on_a_good_page_and_fails_with_the_findings_on_a_bad_one
    assert expect(good_page).to(be_a_valid_bridge_config)
    failure = assert_raises(RSpec::Expectations::ExpectationNotMetError) do
      expect(bad_page).to be_a_valid_bridge_config
    end
    assert_match %r{\Aexpected tabgen validate to accept the page\n.*\n  error\[TG104\] /tabs/0/path: }, failure.message
  end

  def test_not_to_passes_on_a_bad_page_and_fails_on_a_good_one
    assert expect(bad_page).not_to(be_a_valid_bridge_config)
    failure = assert_raises(RSpec::Expectations::ExpectationNotMetError) do
      expect(good_page).not_to be_a_valid_bridge_config
    end
    assert_includes failure.message, 'but it accepts it'
  end

  def test_strict_and_description
    assert expect(good_page(elements: 2)).to(be_a_valid_bridge_config)
    assert_raises(RSpec::Expectations::ExpectationNotMetError) do
      expect(good_page(elements: 2)).to be_a_valid_bridge_config(strict: true)
    end
    assert_equal 'be a valid bridge config page (tabgen validate --html)', be_a_valid_bridge_config.description
  end
end
