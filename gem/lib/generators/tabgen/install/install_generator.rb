# frozen_string_literal: true

require 'rails/generators'
require 'tabgen/runner'

module Tabgen
  module Generators
    # bin/rails generate tabgen:install: a tabgen.yml laid out for a Rails app, then the
    # first tabgen emit.
    class InstallGenerator < ::Rails::Generators::Base
      source_root File.expand_path('templates', __dir__)

      desc 'Writes tabgen.yml for this Rails app (the Stimulus bridge controller, the ViewComponent or, ' \
           'without view_component in the bundle, a plain helper, their tests) and runs tabgen emit.'

      class_option :flavor, type: :string, default: 'javascript', enum: %w[javascript typescript],
                            desc: 'The controller as JavaScript (importmap) or TypeScript (jsbundling, Vite)'
      class_option :view, type: :string, enum: %w[component helper],
                          desc: 'How pages render the message: a ViewComponent or a plain helper ' \
                                '(default: component when view_component is in the bundle)'
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
        render = if view == 'helper'
                   '<%= tabgen_navigation_tag(message) %> in your layout (app/helpers/tabgen_navigation_helper.rb)'
                 else
                   '<%= render NavigationComponent.new(message) %> in your layout (view_component)'
                 end
        say <<~TEXT

          tabgen: next
            - #{render}, see tabgen's docs/rails.md
            - bin/rails tabgen:check in CI; assert_valid_bridge_config(response) in integration tests
        TEXT
      end

      private

      def flavor
        options[:flavor]
      end

      # A ViewComponent needs the view_component gem: without it in the app's bundle, a
      # plain helper (a component there would break autoloading, zeitwerk:check and boot).
      def view
        options[:view] || (view_component_bundled? ? 'component' : 'helper')
      end

      def view_component_bundled?
        lockfile = File.join(destination_root, 'Gemfile.lock')
        if defined?(Bundler::LockfileParser) && File.file?(lockfile)
          Bundler::LockfileParser.new(File.read(lockfile)).specs.any? { |spec| spec.name == 'view_component' }
        else
          Gem.loaded_specs.key?('view_component')
        end
      end
    end
  end
end
