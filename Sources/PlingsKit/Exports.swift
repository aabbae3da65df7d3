@_exported import PlingsDomain
@_exported import PlingsLog
@_exported import PlingsViews
