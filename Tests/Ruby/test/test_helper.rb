# frozen_string_literal: true

# run.sh runs Ruby with -w: a warning from a file of ours is an error.
require_relative '../support/own_warnings_fail'
require 'json'
require 'minitest/autorun'
require 'nokogiri'
require_relative '../doubles/view_component'

# What Rails autoloads from app/: the generated reference (../reference, the generator's
# output for the built-in schema), whose own tests require this file as "test_helper".
REFERENCE = File.expand_path('../reference', __dir__)
Dir[File.join(REFERENCE, 'app/models/**/*.rb')].each { |file| require file }
Dir[File.join(REFERENCE, 'app/components/**/*.rb')].each { |file| require file }

# Shared fixtures and rendering helpers of the hand-written tests.
module TestHelper
  CASES_FILE = File.expand_path('../../TypeScript/fixtures/cases.jsonl', __dir__)

  # Payloads with the findings `tabgen validate` reported for them (shared with the
  # TypeScript tests; Tests/TypeScript/fixtures/regenerate.py rewrites the file).
  def self.cases
    @cases ||= File.readlines(CASES_FILE, chomp: true).reject(&:empty?).map { |line| JSON.parse(line) }
  end

  def self.valid_cases
    cases.reject { |c| c['findings'].any? { |finding| finding['severity'] == 'error' } }
  end

  def render_component(component, &)
    ActionView::Base.empty.render(component, &)
  end

  # The <nav> elements of rendered HTML, read by an HTML5 parser (as a browser reads them).
  def navs(html)
    Nokogiri::HTML5.fragment(html).css('nav')
  end

  def only_nav(html)
    found = navs(html)
    assert_equal 1, found.length, html
    found.first
  end
end
