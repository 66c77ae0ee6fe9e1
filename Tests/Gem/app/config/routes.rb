# frozen_string_literal: true

Rails.application.routes.draw do
  get 'good', to: 'pages#good'
  get 'bad', to: 'pages#bad'
end
