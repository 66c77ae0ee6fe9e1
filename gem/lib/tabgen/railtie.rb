# frozen_string_literal: true

require 'rails/railtie'

module Tabgen
  # bin/rails tabgen:emit / tabgen:check / tabgen:validate, and the Minitest assertions in
  # integration tests. The generator (bin/rails generate tabgen:install) is found by
  # Rails' generator lookup under lib/generators.
  class Railtie < ::Rails::Railtie
    rake_tasks { load File.expand_path('tasks.rake', __dir__) }

    initializer 'tabgen.test_helper' do
      ActiveSupport.on_load(:action_dispatch_integration_test) do
        require 'tabgen/test_helper'
        include Tabgen::TestHelper
      end
    end
  end
end
