# frozen_string_literal: true

require 'open3'
require_relative 'test_helper'

# `ruby -wc` on every Ruby file here: syntax, and no warnings.
class SyntaxTest < Minitest::Test
  Dir[File.expand_path('../../**/*.rb', __dir__)].each do |path|
    define_method("test_ruby_wc: #{path.delete_prefix("#{File.expand_path('../..', __dir__)}/")}") do
      output, status = Open3.capture2e('ruby', '-wc', path)
      assert status.success?, output
      assert_equal "Syntax OK\n", output
    end
  end
end
