# frozen_string_literal: true

require 'rails/generators'
require 'tabgen/runner'

module Tabgen
  module Generators
    # bin/rails generate tabgen:install: a tabgen.yml laid out for a Rails app, then the
    # first tabgen emit.
    class InstallGenerator < ::Rails::Generators::Base
      source_root File.expand_path('templates', __dir__)

      desc 'Writes tabgen.yml for this Rails app (the Stimulus bridge controller, the ViewComponent, ' \
           'their tests) and runs tabgen emit.'

      class_option :flavor, type: :string, default: 'javascript', enum: %w[javascript typescript],
                            desc: 'The controller as JavaScript (importmap) or TypeScript (jsbundling, Vite)'
      class_option :skip_emit, type: :boolean, default: false, desc: 'Write tabgen.yml only'

      def create_config
        template 'tabgen.yml.tt', 'tabgen.yml'
      end

      def emit
        return if options[:skip_emit] || options[:pretend]

        say_status :run, 'tabgen emit'
        return if Tabgen::Runner.run('emit', chdir: destination_root)

        raise Thor::Error, 'tabgen emit failed (its message is above)'
      end

      def next_steps
        say <<~TEXT

          tabgen: next
            - render NavigationComponent in your layout (needs the view_component gem), see tabgen's docs/rails.md
            - bin/rails tabgen:check in CI; assert_valid_bridge_config(response) in integration tests
        TEXT
      end

      private

      def flavor
        options[:flavor]
      end
    end
  end
end
