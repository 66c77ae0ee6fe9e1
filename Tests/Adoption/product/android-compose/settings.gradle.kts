rootProject.name = "Shop Compose"
include(":app")
