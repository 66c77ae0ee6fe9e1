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

      # In a monorepo (rails/ beside ios/ and android/) the project's tabgen.yml is in a
      # parent folder, and every tabgen command run from here uses it: a second one here
      # would generate from another schema and make two CI checks disagree.
      def create_config
        @parent_config = parent_config
        return template('tabgen.yml.tt', 'tabgen.yml') unless @parent_config

        say_status :exist, "#{@parent_config} (found in a parent folder; tabgen uses it from here too)"
        say rails_outputs(File.dirname(@parent_config)) if outputs_missing?
      end

      def emit
        return if options[:skip_emit] || options[:pretend]
        return if outputs_missing? # the user adds them to the parent config first

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

      # The config tabgen uses from the app's root when it lies in a parent folder, as
      # tabgen names it (../tabgen.yml): `tabgen config --path` finds it as every command
      # does (docs/generate.md). Nil when the app's root has its own or there is none.
      def parent_config
        # Exit 1, no config anywhere: the common case, and not worth a message.
        found = Tabgen::Runner.capture('config', '--path', chdir: destination_root, quiet: true)&.chomp
        found&.start_with?('../') ? found : nil
      end

      # The parent config's outputs as [lang, out] pairs, read by tabgen itself.
      def parent_outputs
        @parent_outputs ||= begin
          listed = Tabgen::Runner.capture('config', '--outputs', chdir: destination_root)
          raise Thor::Error, "tabgen cannot read #{@parent_config} (its message is above)" unless listed

          listed.lines.map { |line| line.chomp.split("\t", 2) }
        end
      end

      # Whether the parent config lists no ruby output.
      def outputs_missing?
        @parent_config && parent_outputs.none? { |lang, _| lang == 'ruby' }
      end

      # The outputs of tabgen.yml.tt, with paths relative to the parent config's folder,
      # but for those it lists already (tabgen init writes the controller's).
      def rails_outputs(config_folder)
        listed = parent_outputs.map { |_, out| Pathname.new(out).cleanpath.to_s }
        missing, present = app_outputs(config_folder).partition { |_, out, _| !listed.include?(out) }
        already = present.map { |_, out, _| " (it has #{out} already)" }.join
        "tabgen: #{@parent_config} has no ruby output; add these to its outputs:#{already}, " \
          "then run bin/rails tabgen:emit\n#{missing.map { |output| output_lines(*output) }.join}"
      end

      def output_lines(lang, out, options)
        "  - lang: #{lang}\n    out: #{out}\n#{options}"
      end

      # [lang, out, options lines] of each output tabgen.yml.tt lists, out relative to config_folder.
      def app_outputs(config_folder)
        app = Pathname.new(File.expand_path(destination_root)).relative_path_from(
          Pathname.new(File.expand_path(config_folder, destination_root))
        ).cleanpath.to_s
        [
          ['ruby', app, view == 'helper' ? "    options: {view: helper}\n" : ''],
          ['typescript', "#{app}/app/javascript/controllers/bridge",
           "    options: {flavor: #{flavor}, tests: false}\n"],
          ['typescript', "#{app}/test/javascript/bridge", "    options: {flavor: #{flavor}}\n"]
        ]
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
