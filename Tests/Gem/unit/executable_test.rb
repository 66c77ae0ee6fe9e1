# frozen_string_literal: true

require_relative 'support'
require 'fileutils'
require 'tmpdir'
require 'tabgen'

# Which binary exe/tabgen runs, and what it says when there is none.
class ExecutableTest < Minitest::Test
  def setup
    @dir = Dir.mktmpdir
  end

  def teardown
    FileUtils.rm_rf(@dir)
  end

  def binary_in(platform)
    path = File.join(@dir, platform, 'tabgen')
    FileUtils.mkdir_p(File.dirname(path))
    File.write(path, "#!/bin/sh\n")
    File.chmod(0o755, path)
    path
  end

  def test_the_installed_gem_carries_a_binary_for_this_machine
    path = Tabgen::Executable.path(env: {})
    assert_equal "#{Tabgen::Executable.platform}/tabgen", path.split('/').last(2).join('/')
    assert File.executable?(path)
  end

  def test_the_binary_of_this_platform_is_chosen
    binary_in('sparc-solaris')
    mine = binary_in(Tabgen::Executable.platform)
    assert_equal mine, Tabgen::Executable.path(exe_dir: @dir, env: {})
  end

  def test_no_binary_for_this_platform_says_what_to_install
    binary_in('sparc-solaris')
    error = assert_raises(Tabgen::UnsupportedPlatform) { Tabgen::Executable.path(exe_dir: @dir, env: {}) }
    assert_includes error.message, "no tabgen binary for #{Tabgen::Executable.platform} (it has sparc-solaris)"
    assert_includes error.message, "bundle lock --add-platform #{Tabgen::Executable.platform}"
    assert_includes error.message, 'TABGEN_BINARY=/path/to/.build/release/tabgen'
  end

  def test_tabgen_binary_overrides_the_bundled_one
    other = binary_in('elsewhere')
    assert_equal other, Tabgen::Executable.path(exe_dir: @dir, env: { 'TABGEN_BINARY' => other })
    error = assert_raises(Tabgen::UnsupportedPlatform) do
      Tabgen::Executable.path(env: { 'TABGEN_BINARY' => File.join(@dir, 'missing') })
    end
    assert_includes error.message, 'TABGEN_BINARY is '
  end
end
