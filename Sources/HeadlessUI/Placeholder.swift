// HeadlessUI
