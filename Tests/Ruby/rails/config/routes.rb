# frozen_string_literal: true

Rails.application.routes.draw do
  get 'page', to: 'pages#show'
  get 'invalid', to: 'pages#invalid'
  get 'native', to: 'pages#native'
end
