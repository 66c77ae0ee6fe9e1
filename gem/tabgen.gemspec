# frozen_string_literal: true

# The gem scripts/build-gem packs: the plain "ruby" gem from this file as it is, and one
# gem per platform with the tabgen binary added under exe/<platform>/tabgen.
require_relative 'lib/tabgen/version'

Gem::Specification.new do |spec|
  spec.name = 'tabgen'
  spec.version = Tabgen::VERSION
  spec.authors = ['tabgen contributors']
  spec.summary = "tabgen's binary for Rails apps: rake tasks, an install generator and test helpers."
  spec.description = <<~TEXT
    tabgen owns the contract between a Rails server and the native apps of a Hotwire Native
    product. This gem carries the tabgen binary for one platform and adds bin/rails
    tabgen:emit, tabgen:check and tabgen:validate, the tabgen:install generator, and
    assert_valid_bridge_config / be_a_valid_bridge_config for integration tests.
  TEXT
  spec.license = 'MIT'
  spec.required_ruby_version = '>= 3.1'

  spec.files = Dir['lib/**/*', 'README.md', 'LICENSE']
  spec.bindir = 'exe'
  spec.executables = ['tabgen']
  spec.require_paths = ['lib']
  spec.metadata['rubygems_mfa_required'] = 'true'

  # scripts/build-gem sets this for a platform gem, after copying the binary there.
  platform = ENV.fetch('TABGEN_GEM_PLATFORM', '')
  unless platform.empty?
    spec.platform = Gem::Platform.new(platform)
    spec.files += ["exe/#{platform}/tabgen"]
  end
end
