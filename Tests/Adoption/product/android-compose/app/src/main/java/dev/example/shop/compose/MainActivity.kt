package dev.example.shop.compose

class MainActivity
