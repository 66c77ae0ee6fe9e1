package dev.example.shop.fragments

class MainActivity
