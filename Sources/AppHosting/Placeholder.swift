// AppHosting
