# frozen_string_literal: true

require_relative 'support'
require 'fileutils'
require 'tmpdir'
require 'tabgen'
require 'tabgen/test_helper'

# Tabgen::TestHelper outside Rails: the page goes through tabgen validate --html.
class BridgeCheckTest < Minitest::Test
  include PageSupport
  include Tabgen::TestHelper

  Response = Struct.new(:body)

  def test_a_good_page_passes_and_a_response_object_is_read_through_body
    assert_empty assert_valid_bridge_config(Response.new(good_page)).findings
  end

  def test_a_bad_page_fails_with_tabgens_code_pointer_and_message
    failure = assert_raises(Minitest::Assertion) { assert_valid_bridge_config(bad_page) }
    assert_match %r{^  error\[TG104\] /tabs/0/path: "https://evil\.example/x" .*\(page line 3, column \d+\)$},
                 failure.message
    assert_equal ['TG104'], refute_valid_bridge_config(bad_page, code: 'TG104').findings.map(&:code)
    assert_raises(Minitest::Assertion) { refute_valid_bridge_config(bad_page, code: 'TG101') }
  end

  def test_warnings_pass_unless_strict
    result = assert_valid_bridge_config(good_page(elements: 2))
    assert_equal [%w[TG004 warning]], (result.findings.map { |finding| [finding.code, finding.severity] })
    refute_valid_bridge_config(good_page(elements: 2), strict: true, code: 'TG004')
  end

  def test_a_page_without_the_element_passes_only_with_allow_missing
    refute_valid_bridge_config('<p>sign in</p>', code: 'TG003')
    assert_valid_bridge_config('<p>sign in</p>', allow_missing: true)
  end

  def test_no_usable_binary_is_an_error_not_a_failure
    ENV['TABGEN_BINARY'] = '/nonexistent/tabgen'
    error = assert_raises(Tabgen::CheckError) { assert_valid_bridge_config(good_page) }
    assert_includes error.message, 'TABGEN_BINARY is /nonexistent/tabgen'
  ensure
    ENV.delete('TABGEN_BINARY')
  end

  def test_a_broken_tabgen_yml_is_an_error_not_a_failure
    Dir.mktmpdir do |dir|
      File.write(File.join(dir, 'tabgen.yml'), "version: 1\nschema: missing.json\n")
      error = assert_raises(Tabgen::CheckError) { Tabgen::BridgeCheck.new(root: dir).call(good_page) }
      assert_includes error.message, 'exit 2'
      assert_includes error.message, 'missing.json'
    end
  end
end
