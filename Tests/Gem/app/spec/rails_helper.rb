# frozen_string_literal: true

# What an app's spec/rails_helper.rb needs for the matcher: rspec-rails, then tabgen/rspec.
ENV['RAILS_ENV'] ||= 'test'
require_relative '../config/environment'
require 'rspec/rails'
require 'tabgen/rspec'
