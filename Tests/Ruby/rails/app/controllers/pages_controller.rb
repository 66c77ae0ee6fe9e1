# frozen_string_literal: true

# One page with the menu and the form bridge components, their data built with the
# generated value objects and a Hash; a menu whose two items share an index (MN101); and
# a page whose menu is rendered only for an app that registered the menu component.
class PagesController < ActionController::Base
  layout false

  def show
    render_page([Menu::Item.new(title: 'Edit', index: 0), Menu::Item.new(title: 'Delete "all"', index: 1)],
                'Save <draft>')
  end

  def native
    @menu = Menu::MenuData.new(title: 'Actions', items: [Menu::Item.new(title: 'Edit', index: 0)])
    render :native
  end

  def invalid
    render_page([Menu::Item.new(title: 'Edit', index: 0), Menu::Item.new(title: 'Delete', index: 0)], 'Save')
  end

  private

  def render_page(items, submit_title)
    @menu = Menu::MenuData.new(title: 'Actions', items:)
    @form = { submitTitle: submit_title }
    render :page
  end
end
