# frozen_string_literal: true

require 'action_view'

# Test double of the view_component gem (3.x): the part of ViewComponent::Base a component
# uses, with the gem's names and order of calls (see Tests/Ruby/README.md). The sidecar
# template is compiled by ActionView's own ERB handler, as the gem compiles it.
module ViewComponent
  class TemplateError < StandardError; end

  class HelpersCalledBeforeRenderError < StandardError; end

  # The gem's message (lib/view_component/errors.rb).
  class ReservedParameterError < StandardError
    def initialize(klass_name, parameter)
      super("#{klass_name} initializer can't accept the parameter `#{parameter}`, as it will override a " \
            'public ViewComponent method. To fix this issue, rename the parameter.')
    end
  end

  # What `render(component)` calls: #render_in, which runs #before_render and then #call,
  # the method compiled from the sidecar template.
  class Base < ActionView::Base
    class << self
      attr_accessor :source_location

      def inherited(child)
        # The file that defines the component: its sidecar template sits next to it.
        child.source_location = caller_locations(1, 10).reject { |location| location.label == 'inherited' }.first.path
        super
      end

      def compile
        return if @compiled

        path = template_path
        source = File.read(path)
        handler = ActionView::Template.registered_template_handler(:erb)
        template = ActionView::Template.new(source, path, handler,
                                            locals: [], format: :html, virtual_path: name.underscore)
        # def call
        #   <the template, compiled by ActionView's ERB handler>
        # end
        # Backtraces point into the template, as with the gem.
        class_eval("def call; #{handler.call(template, source)}; end", path, 0) # rubocop:disable Style/EvalWithLocation
        @compiled = true
      end

      # The sidecar template's path, after the gem compiler's checks of the component.
      def template_path
        refuse_reserved_parameters
        path = File.join(File.dirname(source_location), "#{File.basename(source_location, '.rb')}.html.erb")
        raise TemplateError, "#{name}: no template at #{path}" unless File.exist?(path)
        # Both a template and an inline #call: refused, rather than one picked.
        return path unless method_defined?(:call, false)

        raise TemplateError, "Template file and inline render method found for #{name}. " \
                             'There can only be a template file or inline render method per component.'
      end

      # An initializer taking `content` would hide #content.
      def refuse_reserved_parameters
        return unless instance_method(:initialize).parameters.map(&:last).include?(:content)

        raise ReservedParameterError.new(name, :content)
      end
    end

    # As the gem's: no arguments (a component's initializer calls `super()`), and
    # ActionView::Base's initializer does not run.
    def initialize; end # rubocop:disable Lint/MissingSuper

    def render_in(view_context, &block)
      self.class.compile
      @view_context = view_context
      @output_buffer = ActionView::OutputBuffer.new
      @lookup_context ||= view_context.lookup_context
      @__vc_render_in_block = block
      before_render
      render? ? call.to_s : ''
    end

    def before_render; end

    def render?
      true
    end

    # The block given to `render`, captured in the view context that rendered the component.
    # (The gem's instance variable names: they cannot clash with a component's.)
    # rubocop:disable Naming/MemoizedInstanceVariableName
    def content
      return @__vc_content if defined?(@__vc_content)

      @__vc_content = (view_context.capture(self, &@__vc_render_in_block) if view_context && @__vc_render_in_block)
    end
    # rubocop:enable Naming/MemoizedInstanceVariableName

    def content?
      !@__vc_render_in_block.nil?
    end

    def helpers
      raise HelpersCalledBeforeRenderError, "helpers can't be used before rendering" if view_context.nil?

      view_context
    end

    private

    def view_context
      @view_context if defined?(@view_context)
    end
  end
end

require 'active_support/test_case'
require 'nokogiri'

# ViewComponent's test API (lib/view_component/test_helpers.rb and test_case.rb of 3.x):
# `render_inline` renders the component in a view context and returns the HTML as a
# Nokogiri fragment (the gem's return value when Capybara is not installed, as here),
# `rendered_content` the HTML itself. The gem renders through a test controller's view
# context (ActionController, not in Debian's ruby-actionview); this double renders through
# `ActionView::Base.empty`, the same ActionView rendering path below the controller. Left
# out: `page` and the Capybara matchers (`assert_selector`), which need Capybara,
# `with_variant`, `with_controller_class`, `with_request_url`, `render_preview`.
module ViewComponent
  # Included in ViewComponent::TestCase: render_inline and rendered_content.
  module TestHelpers
    attr_reader :rendered_content

    def render_inline(component, **args, &)
      @rendered_content = vc_test_view_context.render(component, args, &)
      Nokogiri::HTML.fragment(@rendered_content)
    end

    def vc_test_view_context
      @vc_test_view_context ||= ActionView::Base.empty
    end
  end

  # `class MyComponentTest < ViewComponent::TestCase`: an ActiveSupport::TestCase (Minitest).
  class TestCase < ActiveSupport::TestCase
    include TestHelpers
  end
end
