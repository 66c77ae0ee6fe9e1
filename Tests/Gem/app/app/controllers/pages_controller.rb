# frozen_string_literal: true

# Two pages for the gem's integration test: one the contract accepts, one with an absolute
# tab path (TG104). Both are built with the value objects tabgen:install generated.
class PagesController < ActionController::Base
  layout false

  def good
    @navigation = Navigation::MessageData.new(active: 'home', tabs: [tab('home', '/'), tab('explore', '/explore')])
    render :page
  end

  def bad
    tabs = [tab('home', 'https://evil.example/x'), tab('explore', '/explore')]
    @navigation = Navigation::MessageData.new(active: 'home', tabs:)
    render :page
  end

  private

  def tab(id, path)
    { id:, title: id.capitalize, icon: 'house', path: }
  end
end
