# frozen_string_literal: true

# Runs Runtime/ruby/tabgen_runtime.rb, as written (every feature in), against every case of
# Tests/Vectors/**/*.json (Tests/Vectors/README.md): for each file, a contract module
# holding the vector's schema and its metadata.tabgen.rules, as a generated contract.rb
# holds them; for each case, the findings of `check` on the payload text, in order.
require 'json'
require 'minitest/autorun'

RUNTIME = File.expand_path(ENV.fetch('TABGEN_RUBY_RUNTIME', '../../../Runtime/ruby/tabgen_runtime.rb'), __dir__)
require RUNTIME

module Vectors
  ROOT = File.expand_path('../../Vectors', __dir__)
  CASE_KEYS = %w[name payload findings decoding sendable].freeze

  # What tabgen's rule reader fills in for a member a rule leaves out (RuleReader.swift).
  DEFAULT_MESSAGES = Hash.new('{reason}').merge('relativeReference' => '{value} is not a relative reference ({reason})').freeze

  def self.files
    # element-data/ holds the page-reading vectors, a format of their own (Tests/Vectors/README.md).
    Dir.glob(File.join(ROOT, '**', '*.json')).reject { |path| path.start_with?(File.join(ROOT, 'element-data', '')) }
  end

  # A module like a generated `Contract`: SCHEMA and RULES of the vector file, the runtime's methods.
  def self.contract(schema, file)
    tabgen = schema.dig('metadata', 'tabgen') || {}
    if tabgen.dig('contract', 'events') || (schema['definitions'] || {}).any? { |_, inner| inner.dig('metadata', 'tabgen') }
      raise "#{file}: a contract that lists events, or rules inside definitions: the Ruby vector runner does not read them yet"
    end

    rules = (tabgen['rules'] || []).map do |rule|
      raise "#{file}: rule #{rule['code']} names an event; the Ruby vector runner does not read them yet" if rule.key?('event')

      { 'severity' => 'error', 'message' => DEFAULT_MESSAGES[rule['kind']] }.merge(rule)
    end
    Module.new do
      extend TabgenRuntime
      const_set(:SCHEMA, schema)
      const_set(:RULES, rules)
    end
  end

  # The findings as `tabgen validate --format json` lists them; a JSON::ParserError is
  # TG001. Ruby's parser words its own syntax errors (the conformance suite excepts
  # TG001's message too): only the runtime's own words (duplicate keys, lone surrogates,
  # comments, escapes JSON lacks, bytes that are not UTF-8) are compared.
  def self.findings(contract, payload)
    contract.check(TabgenRuntime.parse(payload)).map { |v| [v.code, v.severity, v.pointer, v.message] }
  rescue JSON::ParserError, JSON::NestingError => e
    own = e.backtrace_locations&.first&.path == RUNTIME
    [['TG001', 'error', '', own ? "not well-formed JSON: #{e.message}" : :parser_words]]
  end
end

class VectorsTest < Minitest::Test
  def test_there_are_vectors
    refute_empty Vectors.files, "no vector under #{Vectors::ROOT}"
  end

  Vectors.files.each do |file|
    name = file.delete_prefix("#{Vectors::ROOT}/")
    vector = JSON.parse(File.read(file), max_nesting: false)
    contract = Vectors.contract(vector.fetch('schema'), name)
    vector.fetch('cases').each do |entry|
      define_method("test_#{name}:#{entry.fetch('name')}") do
        unknown = entry.keys - Vectors::CASE_KEYS
        flunk "#{name}:#{entry['name']}: unknown keys #{unknown.join(', ')}: teach the Ruby runner them" unless unknown.empty?
        expected = entry.fetch('findings').map { |f| [f.fetch('code'), f.fetch('severity'), f.fetch('pointer'), f.fetch('message')] }
        actual = Vectors.findings(contract, entry.fetch('payload'))
        if actual.first&.last == :parser_words && expected.first&.first == 'TG001'
          actual = [['TG001', 'error', '', expected.first.last]]
        end
        assert_equal expected, actual, "#{name}:#{entry['name']}"
      end
    end
  end
end
