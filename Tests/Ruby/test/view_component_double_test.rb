# frozen_string_literal: true

require_relative 'test_helper'
require 'tmpdir'

# The view_component double where it once was kinder than the gem (lib/view_component/base.rb,
# compiler.rb): each test fails against the lenient double it replaced (README.md).
class ViewComponentDoubleTest < Minitest::Test
  # The gem's Base#initialize takes no argument: `super` (which passes the component's own
  # arguments on) fails there, `super()` does not.
  def test_base_initializer_takes_no_argument
    component = Class.new(ViewComponent::Base) do
      def initialize(title)
        super
        @title = title
      end
    end
    assert_raises(ArgumentError) { component.new('Home') }
  end

  def test_an_initializer_taking_content_is_refused_when_compiled
    component = Class.new(ViewComponent::Base) do
      def self.name = 'ContentComponent'

      def initialize(content:)
        super()
        @text = content
      end
    end
    error = assert_raises(ViewComponent::ReservedParameterError) { component.compile }
    assert_equal "ContentComponent initializer can't accept the parameter `content`, as it will override a " \
                 'public ViewComponent method. To fix this issue, rename the parameter.', error.message
  end

  # A sidecar template and an inline #call: the gem's compiler refuses the component.
  def test_a_template_and_an_inline_call_are_refused_when_compiled
    Dir.mktmpdir do |directory|
      File.write(File.join(directory, 'both_component.html.erb'), '<p>template</p>')
      source = File.join(directory, 'both_component.rb')
      File.write(source, <<~RUBY)
        class ViewComponentDoubleTest::BothComponent < ViewComponent::Base
          def call = 'inline'
        end
      RUBY
      load source
      error = assert_raises(ViewComponent::TemplateError) { BothComponent.compile }
      expected = 'Template file and inline render method found for ViewComponentDoubleTest::BothComponent.'
      assert error.message.start_with?(expected), error.message
    end
  end
end
