# frozen_string_literal: true

require_relative 'tabgen/version'
require_relative 'tabgen/executable'
require_relative 'tabgen/bridge_check'
require_relative 'tabgen/runner'
require_relative 'tabgen/railtie' if defined?(::Rails::Railtie)
