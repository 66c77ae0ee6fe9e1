plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "dev.example.shop.compose"
    compileSdk = 35
}
