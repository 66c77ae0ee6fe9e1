# frozen_string_literal: true

require 'json'
require 'open3'
require_relative 'executable'

module Tabgen
  # tabgen validate could not check the page (exit 2: no tabgen.yml schema, a bad
  # schema, no binary): not a finding about the page, so tests error instead of failing.
  class CheckError < StandardError; end

  # Checks a rendered page the way `tabgen validate --html` does, by piping it to the
  # binary: the same element lookup, HTML decoding, codes, pointers and messages.
  class BridgeCheck
    Finding = Struct.new(:code, :severity, :pointer, :message, :line, :column, keyword_init: true) do
      def to_s
        place = pointer.to_s.empty? ? '(root)' : pointer
        "#{severity}[#{code}] #{place}: #{message} (page line #{line}, column #{column})"
      end
    end

    # One page's verdict: tabgen's exit status and its findings.
    class Result
      attr_reader :findings, :status

      def initialize(findings:, status:)
        @findings = findings.freeze
        @status = status
      end

      def valid?
        status.zero?
      end

      def errors
        findings.select { |finding| finding.severity == 'error' }
      end

      def to_s
        head = valid? ? 'tabgen validate accepts the page' : 'tabgen validate rejects the page'
        ([findings.empty? ? head : "#{head}:"] + findings.map { |finding| "  #{finding}" }).join("\n")
      end
    end

    # The body of a response (Rails' integration-test response, Rack::MockResponse,
    # Capybara's page) or the HTML itself.
    def self.body_of(page)
      if page.respond_to?(:body) then page.body.to_s
      elsif page.respond_to?(:html) then page.html.to_s
      else
        page.to_s
      end
    end

    def initialize(root: Dir.pwd, strict: false, allow_missing: false, binary: nil)
      @root = root.to_s
      @strict = strict
      @allow_missing = allow_missing
      @binary = binary
    end

    def call(page)
      arguments = %w[validate --html - --format json -q]
      arguments << '--strict' if @strict
      arguments << '--allow-missing' if @allow_missing
      stdout, stderr, status = Open3.capture3(binary, *arguments, stdin_data: self.class.body_of(page), chdir: @root,
                                                                  binmode: true)
      code = status.exitstatus
      unless [0, 1].include?(code)
        raise CheckError, "tabgen validate could not check the page (exit #{code.inspect}): #{stderr.strip}"
      end

      Result.new(findings: parse(stdout), status: code)
    end

    private

    def binary
      @binary || Executable.path
    rescue UnsupportedPlatform => e
      raise CheckError, e.message
    end

    def parse(stdout)
      stdout.each_line.filter_map do |line|
        next if line.strip.empty?

        item = JSON.parse(line)
        Finding.new(code: item['code'], severity: item['severity'], pointer: item['pointer'],
                    message: item['message'], line: item['line'], column: item['column'])
      end
    end
  end
end
