# frozen_string_literal: true

require 'English'
require 'open3'
require_relative 'executable'

module Tabgen
  # Runs the binary from a Rails app's root, where tabgen finds the app's tabgen.yml (or a
  # monorepo's, in a parent folder); tabgen's output goes straight to the terminal.
  module Runner
    module_function

    def root
      defined?(::Rails) && ::Rails.respond_to?(:root) && ::Rails.root ? ::Rails.root.to_s : Dir.pwd
    end

    # True when tabgen exits 0.
    def run(*arguments, chdir: root)
      system(Executable.path, *arguments, chdir: chdir.to_s) ? true : false
    end

    # tabgen's standard output when it exits 0, else nil. Its standard error goes to the
    # terminal, or nowhere with quiet: true (an answer expected to be "none").
    def capture(*arguments, chdir: root, quiet: false)
      output, error, status = Open3.capture3(Executable.path, *arguments, chdir: chdir.to_s)
      warn error unless quiet || error.empty?
      status.success? ? output : nil
    end

    # For rake tasks: exits with tabgen's status when it fails (1 stale or invalid, 2 error).
    def run!(*arguments)
      return if run(*arguments)

      exit($CHILD_STATUS&.exitstatus || 2)
    rescue UnsupportedPlatform => e
      warn "tabgen: #{e.message}"
      exit 2
    end
  end
end
