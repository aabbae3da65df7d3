import PlingsKit
