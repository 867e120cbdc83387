print("pickerweb")
