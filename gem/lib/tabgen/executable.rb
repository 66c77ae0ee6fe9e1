# frozen_string_literal: true

require 'rubygems'

module Tabgen
  # No tabgen binary for this machine in the installed gem (the plain "ruby" gem has none).
  class UnsupportedPlatform < StandardError; end

  # Finds the tabgen binary: $TABGEN_BINARY when set, else the one a platform gem carries
  # under exe/<platform>/tabgen (a gem's executables must be Ruby scripts, so exe/tabgen
  # is a script that runs it).
  module Executable
    EXE_DIR = File.expand_path('../../exe', __dir__)

    module_function

    def platform
      "#{Gem::Platform.local.cpu}-#{Gem::Platform.local.os}"
    end

    def path(exe_dir: EXE_DIR, env: ENV)
      override = env['TABGEN_BINARY']
      return checked_override(override) if override && !override.empty?

      bundled(exe_dir) || raise(UnsupportedPlatform, unsupported_message(exe_dir))
    end

    def bundled(exe_dir)
      # Gem::Platform#=== is RubyGems' own test of whether a gem's platform runs here
      # (x86_64-linux matches x86_64-linux-gnu and -musl).
      Dir.glob(File.join(exe_dir, '*', 'tabgen')).find do |file|
        Gem::Platform.new(File.basename(File.dirname(file))) === Gem::Platform.local && # rubocop:disable Style/CaseEquality
          File.executable?(file)
      end
    end

    def checked_override(path)
      return path if File.file?(path) && File.executable?(path)

      raise UnsupportedPlatform, "TABGEN_BINARY is #{path}, which is not an executable file"
    end

    def unsupported_message(exe_dir)
      shipped = Dir.glob(File.join(exe_dir, '*', 'tabgen')).map { |file| File.basename(File.dirname(file)) }
      <<~MESSAGE
        the tabgen gem installed here has no tabgen binary for #{platform}#{shipped.empty? ? '' : " (it has #{shipped.sort.join(', ')})"}.
        Either
          - install the platform gem (tabgen-#{VERSION}-#{platform}.gem) if there is one; with Bundler,
            `bundle lock --add-platform #{platform}` and check that `bundle config force_ruby_platform` is not true; or
          - build tabgen from source (Swift 6: `swift build -c release --product tabgen`) and set
            TABGEN_BINARY=/path/to/.build/release/tabgen.
      MESSAGE
    end
  end
end
