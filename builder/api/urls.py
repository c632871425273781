app_name = "builder-api"
urlpatterns: list = []
