404.0 ColomaScreen
