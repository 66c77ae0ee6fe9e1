# frozen_string_literal: true

# A Rails 6.1 application (Debian's railties, actionpack, actionview) around the Ruby that
# `tabgen emit --lang ruby` wrote for the menu and form contracts: Zeitwerk autoloads
# app/models and app/components, and eager loading checks that every generated file
# defines the constant its path names (`app/components/menu/display_component.rb`:
# `Menu::DisplayComponent`).
require 'rails'
require 'action_controller/railtie'
require 'action_view/railtie'
# No RubyGems here for the view_component gem: the double of Tests/Ruby/doubles.
require_relative '../doubles/view_component'

module EventsApp
  # No config/environments: what the test needs is here.
  class Application < Rails::Application
    config.load_defaults 6.1
    config.root = File.expand_path('..', __dir__)
    config.eager_load = true
    config.logger = Logger.new(nil)
    config.secret_key_base = 'tabgen-test'
    config.hosts.clear
    # As a generated config/environments/test.rb has it: an exception reaches the test.
    config.action_dispatch.show_exceptions = false
  end
end
