# frozen_string_literal: true

require 'rails_helper'

# Must fail (Tests/Gem/run.sh expects exactly one failure, carrying tabgen's finding).
RSpec.describe 'the bad page', type: :request do
  it 'fails the matcher' do
    get '/bad'
    expect(response).to be_a_valid_bridge_config
  end
end
